import { useTranslation } from 'react-i18next';

/** A form's general failure (not tied to one field), announced when it appears; nothing when null. */
export function FormAlert({ textKey }: { textKey: string | null }) {
  const { t } = useTranslation();
  if (!textKey) return null;
  return (
    <p className="account-form__alert" role="alert">
      {t(textKey)}
    </p>
  );
}
