/**
 * Mode `doctype` of the XML registries: an answer with an internal DTD in front, declaring one
 * entity that stands in for the company name. Registries never send a DTD; a client that expanded
 * the entity would hand ENTITY_TEXT out (and cache it) as the company's name.
 */

/** What the declared entity expands to. */
export const ENTITY_TEXT = 'Declared Entity Trading Ltd';

/** `body` with the DTD in front and the text of its first `element` (local name) replaced by the entity. */
export function withDoctype(body: string, element: string): string {
  const root = /^<([\w:.-]+)/.exec(body)?.[1] ?? 'Envelope';
  const name = new RegExp(`(<(?:[\\w.-]+:)?${element}(?:\\s[^>]*)?>)[^<]*(</(?:[\\w.-]+:)?${element}>)`);
  return `<!DOCTYPE ${root} [<!ENTITY company "${ENTITY_TEXT}">]>${body.replace(name, '$1&company;$2')}`;
}
