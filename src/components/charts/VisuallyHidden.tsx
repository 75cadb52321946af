import styled from 'styled-components';

// Off screen but in the accessibility tree (display: none would hide it from screen readers too): a
// chart's data table. A table grows to its content whatever its width, so the box that clips it is a div.
export const VisuallyHidden = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;
