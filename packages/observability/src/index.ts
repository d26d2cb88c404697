// Server-side observation shared by the API and the web server: request lines and request metrics.
export { BatchedLines } from './batched-lines.ts';
export { RequestMetrics } from './request-metrics.ts';
