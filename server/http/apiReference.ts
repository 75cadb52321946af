// The readable reference page of /api-docs, rendered on the server from the OpenAPI document:
// one section per route with its parameters, request body and answers. Plain HTML with one inline
// style (allowed by our CSP, server/http/securityHeaders.ts), no script, nothing from a CDN.
import type { OpenAPIV3_1 } from 'openapi-types';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const schemaBlock = (schema: unknown) => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

const anchorOf = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');

function renderOperation(method: string, path: string, operation: OpenAPIV3_1.OperationObject): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
  const responses = Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
  return `<section id="${anchorOf(method, path)}">
<h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
${parameters.length > 0 ? `<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${parameters.map((p) =>
    `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`).join('')}</table>` : ''}
${body ? `<h3>Request body</h3>${Object.entries(body).map(([type, media]) => `<p><code>${escapeHtml(type)}</code></p>${schemaBlock(media.schema)}`).join('')}` : ''}
<h3>Answers</h3>
${responses.map(([status, response]) => `<h4>${escapeHtml(status)} ${escapeHtml(response.description ?? '')}</h4>${
    Object.values(response.content ?? {}).map((media) => schemaBlock(media.schema)).join('')}`).join('\n')}
</section>`;
}

export function renderApiReference(document: OpenAPIV3_1.Document): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({ method, path, operation: item?.[method] as OpenAPIV3_1.OperationObject })));
  // What we send to a vendor's endpoints: one POST per event type.
  const webhooks = Object.entries(document.webhooks ?? {}).flatMap(([type, item]) =>
    item && 'post' in item && item.post ? [{ type, operation: item.post }] : []);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 2rem;color:#1b1b1b}
nav ul{columns:2;padding-left:1rem}section{border-top:1px solid #ddd;padding:.5rem 0}
.method{display:inline-block;min-width:4rem;font-weight:700}pre{background:#f5f5f5;padding:.5rem;overflow:auto;max-height:24rem}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:start}
</style></head><body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api-docs/openapi.json">openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<nav><ul>${operations.map(({ method, path }) => `<li><a href="#${anchorOf(method, path)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`).join('')}${
  webhooks.map(({ type }) => `<li><a href="#${anchorOf('post', type)}">Webhook ${escapeHtml(type)}</a></li>`).join('')}</ul></nav>
${operations.map(({ method, path, operation }) => renderOperation(method, path, operation)).join('\n')}
${webhooks.length > 0 ? `<h2 id="webhooks">Webhooks</h2>\n${webhooks.map(({ type, operation }) => renderOperation('post', type, operation)).join('\n')}` : ''}
</body></html>`;
}
