/**
 * The OpenAPI document of every JSON route (built from the route schemas by @fastify/swagger) at
 * /openapi.json, and a plain, readable API reference page generated from it at /docs.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

export async function registerOpenApi(app: FastifyInstance, options: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parlay API',
        version: options.version,
        description:
          'JSON API of Parlay. Money amounts are strings of integer minor units; odds are integer thousandths. ' +
          'Errors answer { error: { code, message, key, details? } } with a stable code.',
      },
    },
    hideUntagged: false,
  });

  // Both are public and the same for the whole life of the process (every route is registered
  // before the server listens), so each is built once, on its first request: the reference page
  // of every route took hundreds of milliseconds of CPU to build, a cheap way to load the server.
  let json: string | null = null;
  let html: string | null = null;
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    json ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => {
    html ??= renderReference(app.swagger() as unknown as OpenApiDocument);
    return reply.type('text/html; charset=utf-8').send(html);
  });
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const schemaBlock = (schema: unknown): string =>
  schema === undefined ? '' : `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function renderOperation(method: string, routePath: string, op: OpenApiOperation): string {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''}) ${escapeHtml(p.description ?? '')}</li>`,
    )
    .join('');
  const body = op.requestBody?.content
    ? Object.entries(op.requestBody.content)
        .map(([type, c]) => `<h4>Request body (${escapeHtml(type)})</h4>${schemaBlock(c.schema)}`)
        .join('')
    : '';
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const content = Object.values(r.content ?? {})[0];
      return `<h4>${escapeHtml(status)} ${escapeHtml(r.description ?? '')}</h4>${schemaBlock(content?.schema)}`;
    })
    .join('');
  const id = `${method}-${routePath}`.replace(/[^a-zA-Z0-9]+/g, '-');
  return `<section id="${escapeHtml(id)}"><h3><span class="m">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(routePath)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body}${responses}</section>`;
}

export function renderReference(doc: OpenApiDocument): string {
  const operations: { method: string; path: string; op: OpenApiOperation }[] = [];
  for (const [routePath, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) operations.push({ method, path: routePath, op });
  }
  operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const toc = operations
    .map(({ method, path: p }) => {
      const id = `${method}-${p}`.replace(/[^a-zA-Z0-9]+/g, '-');
      return `<li><a href="#${escapeHtml(id)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(p)}</a></li>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b2330}
pre{background:#f3f5f8;padding:.75rem;overflow:auto;border-radius:4px}section{border-top:1px solid #d8dee8;padding:.5rem 0}
.m{font-family:monospace;background:#1f6feb;color:#fff;padding:0 .4rem;border-radius:4px}a{color:#0b57d0}</style></head>
<body><main><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/openapi.json">/openapi.json</a></p>
<nav aria-label="Operations"><ul>${toc}</ul></nav>${operations.map((o) => renderOperation(o.method, o.path, o.op)).join('\n')}</main></body></html>`;
}
