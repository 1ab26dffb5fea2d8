/** A UUID as its 16 bytes (for tokens that carry one compactly). */
export const uuidBytes = (id: string): Buffer => Buffer.from(id.replace(/-/g, ''), 'hex');

/** 16 bytes as a UUID's text, lower-case with its four dashes. */
export const uuidFromBytes = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
