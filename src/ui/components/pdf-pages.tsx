/**
 * The self-hosted PDF viewer for small screens: pdf.js (with its worker served by this site) draws each page on a
 * canvas as wide as the dialog, and each page's text is kept beside it for screen readers and text search. Pages are
 * fitted to the width at first; the toolbar zooms in and out (and back to fit), and so does a pinch (issue 41 item 10).
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { Button, Toolbar } from 'react-aria-components';
import { pinchZoom, zoomIn, zoomLabel, zoomOut } from './pdf-zoom';
import { Spinner } from './states';

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

interface PageText {
  number: number;
  text: string;
}

const spread = (touches: TouchEvent['touches']) =>
  Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);

export default function PdfPages({ url, title }: { url: string; title: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [pages, setPages] = useState<PageText[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [zoom, setZoom] = useState(1);
  const textsRead = useRef(false);
  const pinch = useRef<{ distance: number; zoom: number; scale: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ url, isEvalSupported: false });
    task.promise.then(
      (loaded) => {
        if (!cancelled) setDoc(loaded);
      },
      (error: unknown) => {
        if (!cancelled) {
          console.warn('PDF viewer failed', error);
          setStatus('error');
        }
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  // Each zoom draws the pages again at its own resolution, so text stays sharp; the old pages stay until replaced.
  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    const draw = async () => {
      const width = (holder.current?.clientWidth || 320) * zoom;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const texts: PageText[] = [];
      for (let number = 1; number <= doc.numPages && !cancelled; number++) {
        const page = await doc.getPage(number);
        const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'pdf-pages__canvas';
        canvas.style.width = `${zoom * 100}%`;
        canvas.setAttribute('aria-hidden', 'true');
        canvas.dataset.page = String(number);
        await page.render({ canvas, viewport }).promise;
        if (cancelled) return;
        const old = holder.current?.querySelector(`canvas[data-page="${number}"]`);
        if (old) old.replaceWith(canvas);
        else holder.current?.appendChild(canvas);
        if (!textsRead.current) {
          const content = await page.getTextContent();
          texts.push({ number, text: content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim() });
          if (!cancelled) setPages([...texts]);
        }
      }
      if (cancelled) return;
      textsRead.current = true;
      setStatus('ready');
    };
    draw().catch((error: unknown) => {
      if (!cancelled) {
        console.warn('PDF viewer failed', error);
        setStatus('error');
      }
    });
    return () => {
      cancelled = true;
    };
  }, [doc, zoom]);

  // The buttons stay enabled at the ends (a disabled button would drop the focus it has): they do nothing there.
  // A pinch scales the drawn pages as the fingers move, then draws them again at the zoom it ended at.
  const onTouchStart = (event: TouchEvent) => {
    if (event.touches.length === 2) pinch.current = { distance: spread(event.touches), zoom, scale: 1 };
  };
  const onTouchMove = (event: TouchEvent) => {
    if (!pinch.current || event.touches.length !== 2 || !holder.current) return;
    const next = pinchZoom(pinch.current.zoom, pinch.current.distance, spread(event.touches));
    pinch.current.scale = next / pinch.current.zoom;
    holder.current.style.transform = `scale(${pinch.current.scale})`;
  };
  const onTouchEnd = () => {
    if (!pinch.current || !holder.current) return;
    const next = pinchZoom(pinch.current.zoom, 1, pinch.current.scale);
    holder.current.style.transform = '';
    pinch.current = null;
    setZoom(next);
  };

  return (
    <div className="pdf-pages">
      {status === 'loading' && <Spinner label="Loading document..." />}
      {status === 'error' && (
        <p className="error-state" role="alert">
          Error: the document could not be shown here. <a href={url}>Download {title} (PDF)</a>
        </p>
      )}
      {status !== 'error' && (
        <Toolbar className="pdf-pages__toolbar" aria-label={`Zoom ${title}`}>
          <Button className="pdf-pages__zoom" onPress={() => setZoom(zoomOut)} aria-label="Zoom out">
            −
          </Button>
          <output className="pdf-pages__level" aria-live="polite">
            {zoomLabel(zoom)}
          </output>
          <Button className="pdf-pages__zoom" onPress={() => setZoom(zoomIn)} aria-label="Zoom in">
            +
          </Button>
          <Button className="pdf-pages__fit" onPress={() => setZoom(1)}>
            Fit to width
          </Button>
        </Toolbar>
      )}
      <div
        ref={holder}
        className="pdf-pages__canvases"
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
      />
      <div className="visually-hidden">
        {pages.map((page) => (
          <section key={page.number} aria-label={`Page ${page.number}`}>
            <p>{page.text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
