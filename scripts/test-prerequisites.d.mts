export type Prerequisite = {
  name: 'Chromium' | 'Dovecot' | 'SpamAssassin';
  path: string;
  debianPackage: string;
  usedBy: string;
};
export declare const PREREQUISITES: readonly Prerequisite[];
export declare const missingPrerequisites: (names?: readonly string[]) => Prerequisite[];
export declare const installCommand: (missing: readonly Prerequisite[]) => string;
export declare const missingMessage: (missing: readonly Prerequisite[]) => string;
export declare const requirePrerequisites: (names: readonly Prerequisite['name'][]) => void;
export declare const pathOf: (name: Prerequisite['name']) => string;
