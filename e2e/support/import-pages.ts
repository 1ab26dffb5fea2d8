import type { Page } from 'playwright-core';
import { visible } from './pages.ts';

/** The mapping step shown after a file is chosen: 'Import leads: match the columns'. */
export const mappingStep = (page: Page, kind: 'leads' | 'clients') =>
  page.getByRole('dialog', { name: `Import ${kind}: match the columns` });

/** Accepts the mapping step as it is (the automatic or saved mapping) and starts the import. */
export const startImport = async (page: Page, kind: 'leads' | 'clients') => {
  const step = mappingStep(page, kind);
  await visible(step.getByRole('button', { name: 'Start import' }), 30_000);
  await step.getByRole('button', { name: 'Start import' }).click();
};
