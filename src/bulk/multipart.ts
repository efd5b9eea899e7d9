import { ApiError } from '../errors.js';

/**
 * The one file of a `multipart/form-data` upload (RFC 7578), yielded as it arrives: parts before
 * it that are not a file are skipped, and everything after its closing boundary is ignored. The
 * service takes one file per request and nothing else from the form, which is all this reads.
 */

const HEADER_END = Buffer.from('\r\n\r\n');
/** Bytes of part headers allowed. */
const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a multipart content type, or 422 when it has none. */
export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new ApiError('invalid_csv', 'line 1: the multipart/form-data body has no boundary.');
  return boundary;
}

export async function* multipartFile(
  source: AsyncIterable<Uint8Array | string>,
  boundary: string,
): AsyncGenerator<Buffer> {
  // Searching for CRLF--boundary everywhere: the body is given the CRLF its first boundary lacks.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from('\r\n');
  let state: 'boundary' | 'headers' | 'file' | 'skip' | 'done' = 'boundary';
  for await (const chunk of source) {
    if (state === 'done') continue;
    buffer = Buffer.concat([buffer, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
    for (;;) {
      if (state === 'boundary' || state === 'skip') {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
          break;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'headers';
      } else if (state === 'headers') {
        if (buffer.subarray(0, 2).toString() === '--') throw noFile();
        const end = buffer.indexOf(HEADER_END);
        if (end === -1) {
          if (buffer.length > MAX_HEADER_BYTES) throw malformed('part headers too long');
          break;
        }
        const headers = buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + HEADER_END.length);
        state = isFilePart(headers) ? 'file' : 'skip';
      } else if (state === 'file') {
        const at = buffer.indexOf(delimiter);
        if (at !== -1) {
          if (at > 0) yield buffer.subarray(0, at);
          state = 'done';
          break;
        }
        const keep = delimiter.length - 1;
        if (buffer.length > keep) {
          yield buffer.subarray(0, buffer.length - keep);
          buffer = buffer.subarray(buffer.length - keep);
        }
        break;
      } else {
        break;
      }
    }
  }
  if (state === 'file') throw malformed('the body ends inside the file, before its closing boundary');
  if (state !== 'done') throw noFile();
}

/** A part with a filename, or a field named `file`. */
function isFilePart(headers: string): boolean {
  const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
  return /\bfilename\*?=/i.test(disposition) || /\bname="?file"?(;|$|\s)/i.test(disposition);
}

function noFile(): ApiError {
  return new ApiError('invalid_csv', 'line 1: the multipart/form-data body has no file part.');
}

function malformed(reason: string): ApiError {
  return new ApiError('invalid_csv', `line 1: the multipart/form-data body is malformed: ${reason}.`);
}
