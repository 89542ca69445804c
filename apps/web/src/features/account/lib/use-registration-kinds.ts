import { registrationKindsOf } from '@khela/contract/registration-kinds';
import { useStatus } from '../../../shared/api/get-status.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';

/**
 * The registration kinds this site offers (the server's rule, `registrationKindsOf`): none on the
 * agent site, so no Register button leads to a form the server would refuse at the end.
 */
export function useRegistrationKinds(): ('username' | 'mobile')[] {
  const brand = useBrand();
  const site = useStatus().data?.site ?? 'member';
  return registrationKindsOf(brand.features, site);
}
