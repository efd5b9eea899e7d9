import { XMLParser } from 'fast-xml-parser';

/**
 * One parser setup for the SOAP registries (VIES, UID): namespace prefixes dropped so clients read
 * `Envelope.Body.checkVatResponse` whatever prefixes the server chose, values kept as strings
 * (VAT numbers with leading zeros must not become numbers), entities decoded.
 */
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
});

/** Parses XML; throws on input that is not well-formed. */
export function parseXml(xml: string): Record<string, unknown> {
  return parser.parse(xml, true) as Record<string, unknown>;
}

/** Escapes text for an XML element body or attribute value. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
