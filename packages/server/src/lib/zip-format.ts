// The ZIP format's record signatures and compression methods (APPNOTE 4.3), for the import's
// reader and the export's writer.
export const LOCAL_HEADER = 0x04034b50;
export const DATA_DESCRIPTOR = 0x08074b50;
export const DIRECTORY_ENTRY = 0x02014b50;
export const END_OF_DIRECTORY = 0x06054b50;
export const STORED = 0;
export const DEFLATED = 8;
