/**
 * The body sent with calls that take none (likes, deletes). The HTTP adapter labels every request
 * `content-type: application/json`, and Fastify refuses an empty body under that label (400), so these calls send an
 * empty object, which their contract ignores. Drop this once the adapter leaves the header off bodiless requests.
 */
export const NO_BODY = {};
