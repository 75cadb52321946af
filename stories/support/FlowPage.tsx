// A page of the Storybook build's flows/ folder: `npm run flows` output (docs/qa.md), drawn before every
// Storybook build by .storybook/main.ts. The page keeps its own style and script, so it is framed.
export interface FlowPageProps {
  /** A machine's name as in scripts/flows/machines.ts, or `index` for the list of machines. */
  page: string;
}

export function FlowPage({ page }: FlowPageProps) {
  return (
    <iframe
      title={`${page} flows`}
      src={`flows/${encodeURIComponent(page)}.html`}
      style={{ display: 'block', width: '100%', height: '100vh', border: 0 }}
    />
  );
}
