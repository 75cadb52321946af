// The deployment's country travels in index.html, not in the JavaScript: the build writes it there
// from VITE_COUNTRY, so every country's deployment serves the same script bundle and one build can be
// served for several countries (the brands e2e test does so instead of building once per country).

const META_NAME = 'portal-country';

/** index.html with the deployment's country; an empty value means the reference country. */
export function withDeploymentCountry(html: string, country: string | undefined): string {
  const meta = `<meta name="${META_NAME}" content="${(country ?? '').replace(/[^A-Za-z]/g, '')}" />`;
  const existing = new RegExp(`<meta name="${META_NAME}"[^>]*>`);
  return existing.test(html) ? html.replace(existing, meta) : html.replace('</head>', `  ${meta}\n  </head>`);
}

/** The country written into the page, if any. */
export function readDeploymentCountry(document: Pick<Document, 'querySelector'>): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content;
  return content ? content : undefined;
}
