import type PDFDocument from 'pdfkit';
import { resourcePath } from '../paths.js';

/**
 * The one-page A4 PDF of a proof, as the record and the decision proofs both write it: a document,
 * its bytes once ended, and the two kinds of line they are made of. pdfkit is loaded with the
 * first proof asked for as a PDF, not at start: a service that answers no PDF never holds its
 * font stack.
 *
 * The text is set in DejaVu fonts shipped in resources/fonts and embedded (as subsets) in each
 * document, not in the PDF standard fonts: those encode only Windows-1252, so the names a registry
 * gives (Wisła, Brīvības, České Budějovice, Greek and Cyrillic ones) came out as other glyphs.
 */

/** The fonts a proof page is set in, by the names `doc.font()` takes. */
export const FONT = { regular: 'ProofSans', bold: 'ProofSans-Bold', mono: 'ProofMono' } as const;

const FONT_FILES: Record<string, string> = {
  [FONT.regular]: 'DejaVuSansCondensed.ttf',
  [FONT.bold]: 'DejaVuSansCondensed-Bold.ttf',
  [FONT.mono]: 'DejaVuSansMono.ttf',
};
export interface ProofPage {
  doc: InstanceType<typeof PDFDocument>;
  /** A section heading. */
  heading(text: string): void;
  /** `label: value`, the value in a fixed-width font when `mono` (hashes). */
  line(label: string, value: string, mono?: boolean): void;
  /** A paragraph in small print (how to check, what is not there yet). */
  note(text: string): void;
  /** The seal a proof's record or decision is in, its chain link, and `note` under it. */
  seal(seal: SealLines, note: string): void;
  /** Ends the document; its bytes. */
  end(): Promise<Buffer>;
}

/** What the PDF says of a seal. */
export interface SealLines {
  id: string;
  sealed_at: string;
  count: number;
  root: string;
  hash: string;
  previous_hash: string | null;
}

/** An ISO 8601 UTC time as a proof prints it: `2026-03-02 09:30:00 UTC`. */
export const utcWords = (value: string | null) =>
  value === null ? 'not recorded' : `${value.replace('T', ' ').replace(/\.\d{3}Z$/, '')} UTC`;

export async function proofPage(title: string): Promise<ProofPage> {
  const { default: PDFKitDocument } = await import('pdfkit');
  const doc = new PDFKitDocument({
    size: 'A4',
    margin: 50,
    info: { Title: title, Author: 'VAT validation service' },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, resourcePath('fonts', file));
  doc.font(FONT.regular);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const line = (label: string, value: string, mono = false) => {
    doc.font(FONT.bold).fontSize(9).text(`${label}: `, { continued: true });
    doc
      .font(mono ? FONT.mono : FONT.regular)
      .fontSize(mono ? 8 : 9)
      .text(value);
  };
  const note = (text: string) => {
    doc.moveDown(0.4).font(FONT.regular).fontSize(8.5).text(text);
  };
  return {
    doc,
    heading: (text) => {
      doc.moveDown(0.6).font(FONT.bold).fontSize(11).text(text).moveDown(0.2);
    },
    line,
    note,
    seal: (seal, text) => {
      line('Seal', `${seal.id}, sealed at ${utcWords(seal.sealed_at)}, closing ${seal.count} record(s)`);
      line('Seal root', seal.root, true);
      line('Seal hash', seal.hash, true);
      line('Previous seal hash', seal.previous_hash ?? 'none (the first seal)', true);
      note(text);
    },
    end: () => {
      doc.end();
      return done;
    },
  };
}
