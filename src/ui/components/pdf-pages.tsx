/**
 * The self-hosted PDF viewer for small screens: pdf.js (with its worker served by this site) draws each page on a
 * canvas as wide as the dialog, and each page's text is kept beside it for screen readers and text search.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from './states';

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

interface PageText {
  number: number;
  text: string;
}

export default function PdfPages({ url, title }: { url: string; title: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<PageText[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ url, isEvalSupported: false });
    const draw = async (doc: PDFDocumentProxy) => {
      const width = holder.current?.clientWidth || 320;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      for (let number = 1; number <= doc.numPages && !cancelled; number++) {
        const page = await doc.getPage(number);
        const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'pdf-pages__canvas';
        canvas.setAttribute('aria-hidden', 'true');
        canvas.dataset.page = String(number);
        await page.render({ canvas, viewport }).promise;
        const content = await page.getTextContent();
        const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim();
        if (cancelled) return;
        holder.current?.appendChild(canvas);
        setPages((current) => [...current, { number, text }]);
      }
      if (!cancelled) setStatus('ready');
    };
    task.promise.then(draw).catch((error: unknown) => {
      if (!cancelled) {
        console.warn('PDF viewer failed', error);
        setStatus('error');
      }
    });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  return (
    <div className="pdf-pages">
      {status === 'loading' && <Spinner label="Loading document..." />}
      {status === 'error' && (
        <p className="error-state" role="alert">
          Error: the document could not be shown here. <a href={url}>Download {title} (PDF)</a>
        </p>
      )}
      <div ref={holder} className="pdf-pages__canvases" />
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
