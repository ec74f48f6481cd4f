// The page bundle (server target) draws markup only: its stylesheets are the browser build's, so CSS imports load as nothing.
module.exports = function emptyLoader() {
  return 'export {};';
};
