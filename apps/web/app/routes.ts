import { index, type RouteConfig } from '@react-router/dev/routes';

// SPEC §2 route table; only the top page exists so far.
export default [index('routes/index.tsx')] satisfies RouteConfig;
