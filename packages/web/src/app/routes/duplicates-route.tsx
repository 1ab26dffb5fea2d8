import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { DuplicatesPage } from '../../features/duplicates/components/duplicates-page.tsx';

/** /duplicates: possible duplicate leads, merge (custom fields chosen too) and undo. */
export const DuplicatesRoute = () => {
  const customFields = useCustomFields('lead').data;
  return <DuplicatesPage customFields={customFields} />;
};
