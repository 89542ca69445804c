import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ImagePicker, type PickedImage } from './image-picker.tsx';

const pngHead = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00];
const jpegHead = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];

function pick(files: File[]) {
  const onChange = vi.fn<(images: PickedImage[]) => void>();
  render(<ImagePicker label="Receipt" hint="png or jpg" max={3} images={[]} onChange={onChange} />);
  const input = screen.getByLabelText('Receipt');
  fireEvent.change(input, { target: { files } });
  return onChange;
}

describe('ImagePicker', () => {
  it('refuses a text file renamed .png on pick, by its bytes, and adds nothing', async () => {
    const fake = new File(['not a picture at all'], 'receipt.png', { type: 'image/png' });
    const onChange = pick([fake]);
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('text_proof_type'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes real png and jpg bytes, typed by what they are, not by their name', async () => {
    const png = new File([new Uint8Array(pngHead)], 'a.png', { type: 'image/png' });
    // A jpeg someone named .png: the bytes decide, so the server gets the type it will find.
    const jpeg = new File([new Uint8Array(jpegHead)], 'b.png', { type: 'image/png' });
    const onChange = pick([png, jpeg]);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const images = onChange.mock.calls[0]![0];
    expect(images.map((image) => [image.name, image.contentType])).toEqual([
      ['a.png', 'image/png'],
      ['b.png', 'image/jpeg'],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
