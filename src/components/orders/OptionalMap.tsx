import { Component, type ReactNode } from 'react';

/** A map is a help, never the page: if it cannot render (no map port, no WebGL), the rest stays. */
export class OptionalMap extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
