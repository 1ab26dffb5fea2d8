export declare const jsonReporters: (
  suite: 'unit' | 'e2e',
) => ('default' | ['json', { outputFile: string }])[];
