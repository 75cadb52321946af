// A tiny Prometheus text-format registry: request counter and latency histogram recorded by the
// app, plus gauges other modules register (websocket subscribers, bulk queue depth):
//   app.metrics.gauge('portal_ws_subscribers', 'Open WebSocket subscriptions', () => hub.size)
import type { FastifyInstance } from 'fastify';

type Labels = Record<string, string>;

const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};
/** Series keys of label objects already seen: the request hook passes the same objects again (one per route and status). */
const keys = new WeakMap<Labels, string>();
const keyOf = (labels: Labels) => {
  let key = keys.get(labels);
  if (key === undefined) {
    key = JSON.stringify(Object.entries(labels).sort());
    keys.set(labels, key);
  }
  return key;
};

interface HistogramSeries { labels: Labels; buckets: number[]; sum: number; count: number }

export class MetricsRegistry {
  private readonly counters = new Map<string, { help: string; series: Map<string, { labels: Labels; value: number }> }>();
  private readonly histograms = new Map<string, { help: string; series: Map<string, HistogramSeries> }>();
  private readonly gauges = new Map<string, { help: string; read: () => number | Promise<number> }>();

  increment(name: string, help: string, labels: Labels = {}, by = 1): void {
    const counter = this.counters.get(name) ?? { help, series: new Map() };
    this.counters.set(name, counter);
    const key = keyOf(labels);
    const series = counter.series.get(key) ?? { labels, value: 0 };
    series.value += by;
    counter.series.set(key, series);
  }

  observe(name: string, help: string, labels: Labels, valueS: number): void {
    const histogram = this.histograms.get(name) ?? { help, series: new Map() };
    this.histograms.set(name, histogram);
    const key = keyOf(labels);
    const series = histogram.series.get(key) ?? { labels, buckets: LATENCY_BUCKETS_S.map(() => 0), sum: 0, count: 0 };
    for (let i = 0; i < LATENCY_BUCKETS_S.length; i++) if (valueS <= (LATENCY_BUCKETS_S[i] ?? 0)) series.buckets[i] = (series.buckets[i] ?? 0) + 1;
    series.sum += valueS;
    series.count += 1;
    histogram.series.set(key, series);
  }

  /** A value read at scrape time. Registering the same name again replaces the reader. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    this.gauges.set(name, { help, read });
  }

  async render(): Promise<string> {
    const lines: string[] = [];
    for (const [name, { help, series }] of this.counters) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const s of series.values()) lines.push(`${name}${labelText(s.labels)} ${s.value}`);
    }
    for (const [name, { help, series }] of this.histograms) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} histogram`);
      for (const s of series.values()) {
        LATENCY_BUCKETS_S.forEach((le, i) => lines.push(`${name}_bucket${labelText({ ...s.labels, le: String(le) })} ${s.buckets[i]}`));
        lines.push(`${name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
        lines.push(`${name}_sum${labelText(s.labels)} ${s.sum}`, `${name}_count${labelText(s.labels)} ${s.count}`);
      }
    }
    for (const [name, { help, read }] of this.gauges) {
      let value = Number.NaN;
      try { value = await read(); } catch { /* a failing reader shows NaN rather than breaking the scrape */ }
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

/** Counts every request by method, route pattern (not raw URL: bounded cardinality) and status. */
export function installRequestMetrics(app: FastifyInstance, metrics: MetricsRegistry): void {
  // The label objects of each method, status and route pattern (a bounded set), made once: a request
  // then builds no series key.
  const labelsOf = new Map<string, { counted: Labels; timed: Labels }>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const id = `${request.method} ${reply.statusCode} ${route}`;
    let labels = labelsOf.get(id);
    if (labels === undefined) {
      labels = { counted: { method: request.method, route, status: String(reply.statusCode) }, timed: { method: request.method, route } };
      labelsOf.set(id, labels);
    }
    metrics.increment('portal_http_requests_total', 'HTTP requests', labels.counted);
    metrics.observe('portal_http_request_duration_seconds', 'HTTP request latency', labels.timed, reply.elapsedTime / 1000);
  });
}
