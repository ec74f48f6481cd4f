/**
 * Runs `then` in a task of its own once the browser has shown the page's first content (the paint timing entry
 * 'first-contentful-paint', which is reported after the frame is presented, not when it is drawn). A page the server
 * drew needs none of the app's code to be seen: nothing is fetched or run before it shows, so on a slow link or phone
 * the page's bytes and its first frame come first. Where paint timing is missing, after the next frame; and after
 * three seconds at most in any case (a page that paints nothing still starts).
 */
export function afterFirstPaint(then: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    setTimeout(then, 0);
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(run);
  }
  setTimeout(run, 3000);
}
