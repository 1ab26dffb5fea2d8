import { CustomFieldsAdmin } from '../../features/custom-fields/components/custom-fields-admin.tsx';

/** /custom-fields: the organisation's own fields of leads and clients (administrators only). */
export const CustomFieldsRoute = () => <CustomFieldsAdmin />;
