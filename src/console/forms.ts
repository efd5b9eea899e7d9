/**
 * Form bodies the console accepts: `application/x-www-form-urlencoded` (every form) and
 * `multipart/form-data` (the bulk upload: its fields and one file). Both arrive as a Buffer within
 * the console's body limit.
 */

export type FormFields = Record<string, string>;

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface FormBody {
  fields: FormFields;
  file?: UploadedFile;
}

/** A form's fields; a field sent more than once keeps its first value. */
export function urlEncodedForm(body: Buffer): FormBody {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) fields[name] ??= value;
  return { fields };
}

/**
 * A page's query parameters as one string each: a parameter given more than once (`?date=a&date=b`,
 * which the query parser makes an array) keeps its first value, as a form's field does, so every
 * page reads its query as strings.
 */
export function singleValuedQuery(query: Record<string, string | string[] | undefined>): FormFields {
  const single: FormFields = {};
  for (const [name, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) single[name] = first;
  }
  return single;
}

/** The fields and first file of a multipart body; undefined when it is not readable as one. */
export function multipartForm(body: Buffer, contentType: string): FormBody | undefined {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return undefined;
  const delimiter = Buffer.from(`--${mark}`);
  const form: FormBody = { fields: {} };
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headersEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(Buffer.from(`\r\n--${mark}`), headersEnd);
    if (headersEnd < 0 || next < 0) return undefined;
    const headers = body.subarray(start + 2, headersEnd).toString('utf8');
    const data = body.subarray(headersEnd + 4, next);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (filename !== undefined) {
      form.file ??= {
        filename,
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream',
        data,
      };
    } else if (name !== undefined) form.fields[name] ??= data.toString('utf8');
    at = next + 2;
  }
  return form;
}
