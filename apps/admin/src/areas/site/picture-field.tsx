import { useState, type ChangeEvent } from 'react';
import { uploadImage } from '@khela/contract/call-routes';
import { currentToken } from '../../shared/api/session.ts';
import { TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';

/** Stores a picture (raw bytes, its own content type) and answers its public path. */
async function uploadPicture(file: File): Promise<string> {
  const token = currentToken();
  const response = await fetch(uploadImage.path, {
    method: 'POST',
    headers: { 'content-type': file.type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const answer = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: { url: string };
    message?: string;
  } | null;
  if (!answer?.success || !answer.value) throw new Error(t(answer?.message ?? 'err_unknown'));
  return answer.value.url;
}

export function PictureField({
  label,
  value,
  error,
  onChange,
  name,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  name: string;
}) {
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      onChange(await uploadPicture(file));
    } catch (failure) {
      setUploadError(failure instanceof Error ? failure.message : t('err_unknown'));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="site-picture">
      <TextField
        label={label}
        name={name}
        value={value}
        error={error ?? uploadError ?? undefined}
        hint={t('site_banner_picture_hint')}
        onChange={(event) => onChange(event.target.value)}
      />
      <label className="button button--ghost button--small site-picture__upload">
        {isUploading ? t('site_uploading') : t('site_upload')}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          aria-label={`${t('site_upload')}: ${label}`}
          onChange={(event) => void onFile(event)}
        />
      </label>
    </div>
  );
}
