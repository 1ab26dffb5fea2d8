import { DuplicatesPage } from '../../features/duplicates/components/duplicates-page.tsx';

/** /duplicates: possible duplicate leads, merge and undo. */
export const DuplicatesRoute = () => <DuplicatesPage />;
