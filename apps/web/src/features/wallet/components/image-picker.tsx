import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import type { ImageUpload } from '@khela/contract';
import './image-picker.css';

/** Spec 5 and 9: pictures are png or jpg, 5 MB each. */
export const maxImageBytes = 5 * 1024 * 1024;
const imageTypes = ['image/png', 'image/jpeg'] as const;
type ImageType = (typeof imageTypes)[number];

export interface PickedImage extends ImageUpload {
  name: string;
}

/**
 * The picture's real type from its first bytes (png's 8-byte signature, jpeg's FF D8 FF), the way the
 * server checks it: a renamed text file is refused when picked, not after the whole form.
 */
export async function sniffImageType(file: Blob): Promise<ImageType | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length === png.length && png.every((byte, index) => head[index] === byte)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Pictures for the server (a transfer receipt, a proof): png or jpg up to 5 MB each, at most `max`,
 * checked here before anything is sent (the server checks again), shown as thumbnails that can be
 * removed one by one.
 */
export function ImagePicker({
  label,
  hint,
  max,
  images,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  max: number;
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** A problem found by the form or the server. */
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;

  async function add(files: FileList | null) {
    setProblem(null);
    const picked = [...(files ?? [])];
    if (picked.length === 0) return;
    if (images.length + picked.length > max) {
      setProblem(t('text_images_at_most', { value: max }));
      return;
    }
    const added: PickedImage[] = [];
    for (const file of picked) {
      if (!imageTypes.includes(file.type as ImageType)) {
        setProblem(t('text_proof_type'));
        return;
      }
      if (file.size > maxImageBytes) {
        setProblem(t('text_proof_size'));
        return;
      }
      try {
        const contentType = await sniffImageType(file);
        if (contentType === null) {
          setProblem(t('text_proof_type'));
          return;
        }
        added.push({ contentType, data: await readBase64(file), name: file.name });
      } catch {
        setProblem(t('text_proof_unreadable'));
        return;
      }
    }
    onChange([...images, ...added]);
  }

  return (
    <div className="field image-picker">
      <label className="field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      {images.length > 0 ? (
        <ul className="image-picker__list">
          {images.map((image, index) => (
            <li key={`${image.name}-${index}`} className="image-picker__item">
              <img
                className="image-picker__thumb"
                src={`data:${image.contentType};base64,${image.data}`}
                alt={image.name}
                width={64}
                height={64}
              />
              <button
                type="button"
                className="image-picker__remove"
                aria-label={t('action_remove_image', { name: image.name })}
                onClick={() => onChange(images.filter((_, position) => position !== index))}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {images.length < max ? (
        <div className="image-picker__add">
          {/* The native control's texts follow the browser, not the site: a labelled button instead. */}
          <input
            id={`${id}-input`}
            className="image-picker__input"
            type="file"
            accept="image/png,image/jpeg"
            multiple={max - images.length > 1}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              void add(event.target.files);
              event.target.value = '';
            }}
          />
          <label className="button button--outline button--small" htmlFor={`${id}-input`}>
            <ImagePlus size={18} aria-hidden="true" />
            {images.length === 0 ? t('action_add_picture') : t('action_add_another_picture')}
          </label>
        </div>
      ) : null}
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {shown ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
