import { useEffect, useMemo } from 'react';

/** An object URL for a blob (a photo read with the bearer header), revoked when the blob changes or the component goes away. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
