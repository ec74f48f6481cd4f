// `npm run bench` will build the product, start it on a fresh seeded database and measure, side by side with each budget:
//   1. bundle: gzip and brotli size of the JS and CSS each route loads before first render (initial vs lazy chunks);
//   2. page load: Lighthouse mobile preset on public and signed-in routes (performance, LCP, TBT, CLS, accessibility);
//   3. interaction: event-to-next-paint under 4x CPU throttling (like, open a 200-comment thread, quiz answer, typing);
//   4. API: autocannon on content, discussion and comment lists and login, as a ratio of a bare Fastify route;
//   5. memory: server RSS at idle, after the API run, and its growth over 60 s.
// Until the benchmark issue lands this is the one allowed placeholder: it measures nothing yet.
console.log('npm run bench: not implemented yet. It will measure bundle size, page load, interaction latency, API throughput and memory.');
