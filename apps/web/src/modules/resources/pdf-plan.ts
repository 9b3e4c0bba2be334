import { getDocumentProxy } from 'unpdf';

// A PDF plan's first page as a PNG, drawn in the browser (decision 092): unpdf bundles Mozilla's
// pdf.js without a native canvas, so the server only ever stores images. This module is its own
// chunk, loaded when someone picks a PDF.

export type PdfPlanProblem = 'noPage' | 'encrypted' | 'broken' | 'tooLarge';
export class PdfPlanError extends Error {
  constructor(readonly problem: PdfPlanProblem) {
    super(`PDF plan: ${problem}`);
    this.name = 'PdfPlanError';
  }
}

export type PdfPlanStep = 'reading' | 'drawing' | 'encoding';

// the longer side of the page as drawn: sharp enough to zoom into (300 dpi for an A4 or A3
// sheet), at most 4,096 px (a canvas that size is safe in every browser, and the plan far
// below the server's 16,384 px)
export const MAX_PDF_PLAN_SIDE = 4096;
const MAX_DPI_SCALE = 300 / 72;
// a PNG over the image limit is drawn again smaller, at most this many times
const SHRINK = 0.7;
const TRIES = 5;

const toPng = (canvas: HTMLCanvasElement): Promise<Blob | null> => new Promise((done) => canvas.toBlob(done, 'image/png'));

// The first page of `file` as a PNG of at most `maxBytes`; `step` tells what it is doing.
export async function pdfFirstPageAsPng(file: Blob, maxBytes: number, step: (s: PdfPlanStep) => void): Promise<Blob> {
  step('reading');
  const data = new Uint8Array(await file.arrayBuffer());
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // no code generated from the PDF's fonts (isEvalSupported: false)
    pdf = await getDocumentProxy(data, { isEvalSupported: false, stopAtErrors: false });
  } catch (e) {
    throw new PdfPlanError(e instanceof Error && e.name === 'PasswordException' ? 'encrypted' : 'broken');
  }
  try {
    if (pdf.numPages < 1) throw new PdfPlanError('noPage');
    step('drawing');
    const page = await pdf.getPage(1).catch(() => {
      throw new PdfPlanError('broken');
    });
    const sheet = page.getViewport({ scale: 1 });
    const longer = Math.max(sheet.width, sheet.height);
    if (!(longer > 0)) throw new PdfPlanError('noPage');
    let scale = Math.min(MAX_DPI_SCALE, MAX_PDF_PLAN_SIDE / longer);
    for (let attempt = 0; attempt < TRIES; attempt += 1, scale *= SHRINK) {
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.floor(viewport.width));
      canvas.height = Math.max(1, Math.floor(viewport.height));
      const context = canvas.getContext('2d');
      if (!context) throw new PdfPlanError('broken');
      // a PDF page is white paper; its PNG is not transparent
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      try {
        await page.render({ canvas, canvasContext: context, viewport }).promise;
      } catch {
        throw new PdfPlanError('broken');
      }
      step('encoding');
      const png = await toPng(canvas);
      canvas.width = 0;
      canvas.height = 0;
      if (png && png.size <= maxBytes) return png;
    }
    throw new PdfPlanError('tooLarge');
  } finally {
    void pdf.destroy();
  }
}
