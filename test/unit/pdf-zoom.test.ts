import { describe, expect, it } from 'vitest';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, pinchZoom, zoomIn, zoomLabel, zoomOut } from '../../src/ui/components/pdf-zoom';

describe('PDF viewer zoom', () => {
  it('steps in and out through the steps, stopping at the ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomIn(1.3)).toBe(1.5);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(1.5)).toBe(1.25);
    expect(zoomOut(1.3)).toBe(1.25);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
  });

  it('scales a pinch by the fingers’ spread, within the limits', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 200, 100)).toBe(1);
    expect(pinchZoom(1, 100, 1000)).toBe(MAX_ZOOM);
    expect(pinchZoom(1.5, 100, 10)).toBe(MIN_ZOOM);
    expect(pinchZoom(1.5, 0, 10)).toBe(1.5);
    expect(clampZoom(1.234)).toBe(1.23);
  });

  it('says the zoom in percent', () => {
    expect(zoomLabel(1)).toBe('100%');
    expect(zoomLabel(1.25)).toBe('125%');
  });
});

describe('a wide lesson table says that it scrolls', () => {
  it('names the side where more of the table lies, and nothing when it fits', async () => {
    const { overflowOf } = await import('../../src/ui/hooks/use-scroll-hints');
    expect(overflowOf(0, 300, 300)).toBeNull();
    expect(overflowOf(0, 301, 300)).toBeNull();
    expect(overflowOf(0, 600, 300)).toBe('end');
    expect(overflowOf(150, 600, 300)).toBe('both');
    expect(overflowOf(300, 600, 300)).toBe('start');
  });
});
