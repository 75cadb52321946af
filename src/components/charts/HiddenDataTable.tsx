import type { ReactNode } from 'react';
import { VisuallyHidden } from './VisuallyHidden';

export interface HiddenDataRow {
  key: string;
  /** The row's header cell, then its data cells. */
  cells: readonly [ReactNode, ...ReactNode[]];
}

/** A chart's figures as a table only screen readers get (the drawing alone says little to them). */
export function HiddenDataTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: readonly HiddenDataRow[] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [header, ...data] }) => (
            <tr key={key}>
              <th scope="row">{header}</th>
              {data.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
