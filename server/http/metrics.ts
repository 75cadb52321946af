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
const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort());

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
    LATENCY_BUCKETS_S.forEach((le, i) => { if (valueS <= le) series.buckets[i] = (series.buckets[i] ?? 0) + 1; });
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
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.increment('portal_http_requests_total', 'HTTP requests', labels);
    metrics.observe('portal_http_request_duration_seconds', 'HTTP request latency',
      { method: labels.method, route: labels.route }, reply.elapsedTime / 1000);
  });
}
