import { useId, useRef, useState } from 'react';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { uploadImage } from './catalogue.api';
import { TrashIcon, UploadIcon } from '../../components/icons';
import { ImageWithFallback } from '../../components/ui/image-with-fallback';
import '../../components/ui/form-field.css';

interface ImageUploaderProps {
  label: string;
  images: string[];
  onChange: (images: string[]) => void;
  /** Spec: products allow 4 images; a fifth gives the warning. */
  max?: number;
  /** The spec's message when an upload fails ('Failed to upload images' / 'Failed to upload image'). */
  failureMessage: string;
  onBusyChange?: (busy: boolean) => void;
}

/** Picks image files (several at once), uploads each through POST /upload and lists their previews. */
export function ImageUploader({
  label,
  images,
  onChange,
  max,
  failureMessage,
  onBusyChange,
}: ImageUploaderProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);

  const setBusy = (count: number) => {
    setUploading(count);
    onBusyChange?.(count > 0);
  };

  const addFiles = async (fileList: FileList | null) => {
    const files = [...(fileList ?? [])];
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;

    const notImages = files.filter((file) => !file.type.startsWith('image/'));
    if (notImages.length > 0) toast.error('Please choose image files only');
    let accepted = files.filter((file) => file.type.startsWith('image/'));
    if (max !== undefined && images.length + accepted.length > max) {
      toast.error(`Maximum ${max} images allowed`);
      accepted = accepted.slice(0, Math.max(0, max - images.length));
    }
    if (accepted.length === 0) return;

    setBusy(accepted.length);
    const results = await Promise.allSettled(accepted.map(uploadImage));
    setBusy(0);
    const uploaded = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failure = results.find((result) => result.status === 'rejected');
    // The server says why (too large, not an image...) when it can; else the spec's text.
    if (failure) toast.error(getErrorMessage(failure.reason, failureMessage));
    if (uploaded.length > 0) onChange([...images, ...uploaded]);
  };

  const full = max !== undefined && images.length >= max;

  return (
    <div className="form-field">
      <span className="form-field__label" id={`${inputId}-label`}>
        {label}
        {max !== undefined && (
          <span className="form-field__counter">
            {' '}
            ({images.length}/{max})
          </span>
        )}
      </span>
      <ul className="cat-uploader" aria-labelledby={`${inputId}-label`}>
        {images.map((image, index) => (
          <li key={`${image}-${index}`} className="cat-uploader__item">
            <ImageWithFallback src={image} alt={`Image ${index + 1}`} />
            <button
              type="button"
              className="cat-uploader__remove"
              aria-label={`Remove image ${index + 1}`}
              onClick={() => onChange(images.filter((_, position) => position !== index))}
            >
              <TrashIcon size={16} />
            </button>
          </li>
        ))}
        <li>
          <label
            htmlFor={inputId}
            className={`cat-uploader__add${full ? ' cat-uploader__add--full' : ''}`}
            aria-disabled={uploading > 0}
          >
            <UploadIcon size={22} />
            <span>{uploading > 0 ? `Uploading ${uploading}…` : 'Add images'}</span>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/*"
            multiple
            disabled={uploading > 0}
            onChange={(event) => void addFiles(event.target.files)}
          />
        </li>
      </ul>
    </div>
  );
}
