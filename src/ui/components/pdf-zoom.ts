/**
 * Zoom for the self-hosted PDF viewer (issue 41 item 10): 1 is the page as wide as the dialog (fit to width), the
 * default; the buttons step through ZOOM_STEPS, and a pinch scales freely between the first and the last.
 */
export const ZOOM_STEPS = [1, 1.25, 1.5, 2, 2.5, 3] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));

/** The next step above `zoom` (or the last). */
export const zoomIn = (zoom: number) => ZOOM_STEPS.find((step) => step > zoom + 0.001) ?? MAX_ZOOM;

/** The next step below `zoom` (or the first). */
export const zoomOut = (zoom: number) => [...ZOOM_STEPS].reverse().find((step) => step < zoom - 0.001) ?? MIN_ZOOM;

/** The zoom a pinch ends at: the zoom it began at, scaled by how far the two fingers moved apart. */
export const pinchZoom = (startZoom: number, startDistance: number, distance: number) =>
  startDistance > 0 ? clampZoom(startZoom * (distance / startDistance)) : clampZoom(startZoom);

export const zoomLabel = (zoom: number) => `${Math.round(zoom * 100)}%`;
