import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestMetrics } from './request-metrics.ts';

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const requests = { name: 'test_requests_total', help: 'Requests answered' };
const duration = { name: 'test_request_duration_seconds', help: 'Time to answer', buckets };
type Label = 'route' | 'method' | 'status';

/** The same answers told to RequestMetrics and to prom-client's own Counter and Histogram. */
function bothWays(answers: Array<[Record<Label, string>, number]>) {
  const ours = new Registry();
  const metrics = new RequestMetrics<Label>(ours, { requests, duration });
  const theirs = new Registry();
  const labelNames = ['route', 'method', 'status'] as const;
  const counter = new Counter({ ...requests, labelNames, registers: [theirs] });
  const histogram = new Histogram({ ...duration, labelNames, registers: [theirs] });
  for (const [labels, seconds] of answers) {
    metrics.answered(`${labels.route} ${labels.method} ${labels.status}`, () => labels, seconds);
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return { ours, theirs };
}

const home = { route: '/', method: 'GET', status: '200' };
const title = { route: '/title/:titleId', method: 'GET', status: '200' };
const missing = { route: '/title/:titleId', method: 'GET', status: '404' };
const answers: Array<[Record<Label, string>, number]> = [
  [home, 0.0003],
  [home, 0.005], // on a bound: counted in it
  [title, 0.2],
  [missing, 0.004],
  [home, 12], // above every bound: only in +Inf
  [title, 0.7],
];

describe('RequestMetrics', () => {
  it('exposes exactly what prom-client’s own Counter and Histogram expose for the same answers', async () => {
    const { ours, theirs } = bothWays(answers);
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('test_requests_total{route="/",method="GET",status="200"} 3');
    expect(text).toContain('test_request_duration_seconds_bucket{le="0.005",route="/",method="GET",status="200"} 2');
    expect(text).toContain('test_request_duration_seconds_bucket{le="+Inf",route="/",method="GET",status="200"} 3');
    // The JSON too (what a worker sends its primary), but for prom-client's empty exemplars.
    const withoutExemplars = (json: unknown) =>
      JSON.parse(JSON.stringify(json, (key, value) => (key === 'exemplar' ? undefined : value)));
    expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
  });

  it('adds up across workers in an AggregatorRegistry as prom-client’s own do', async () => {
    const workerA = bothWays(answers.slice(0, 3));
    const workerB = bothWays(answers.slice(2));
    const ours = AggregatorRegistry.aggregate([
      await workerA.ours.getMetricsAsJSON(),
      await workerB.ours.getMetricsAsJSON(),
    ]);
    const theirs = AggregatorRegistry.aggregate([
      await workerA.theirs.getMetricsAsJSON(),
      await workerB.theirs.getMetricsAsJSON(),
    ]);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('test_requests_total{route="/title/:titleId",method="GET",status="200"} 3');
  });

  it('asks for a label set once, and starts again from zero when the registry is reset', async () => {
    const registry = new Registry();
    const metrics = new RequestMetrics<Label>(registry, { requests, duration });
    let asked = 0;
    const labels = () => {
      asked += 1;
      return home;
    };
    metrics.answered('home', labels, 0.001);
    metrics.answered('home', labels, 0.002);
    expect(asked).toBe(1);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('test_requests_total{');
    metrics.answered('home', labels, 0.001);
    expect(await registry.metrics()).toContain('test_requests_total{route="/",method="GET",status="200"} 1');
  });

  it('refuses a second metric of the same name in one registry, as prom-client does', () => {
    const registry = new Registry();
    new RequestMetrics<Label>(registry, { requests, duration });
    expect(() => new RequestMetrics<Label>(registry, { requests, duration })).toThrow(/already been registered/);
  });
});
