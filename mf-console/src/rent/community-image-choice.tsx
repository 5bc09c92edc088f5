import { useEffect, useState } from 'react';
import { Button, Message } from 'semantic-ui-react';
import type { CommunityImageDetail, ImageFit } from '@rc/api-contract/community/image-community';
import { checkImageFit, communityImage } from './rent-api';

export interface SharedImage {
  image: CommunityImageDetail | null;
  fit: ImageFit | null;
  /** Paying waits while the chosen GPU's driver does not fit the image (or the check has not answered). */
  blocks: boolean;
  clear: () => void;
}

/** The community image of `?communityImageId=`, checked against the region and GPU model whenever they change. */
export function useCommunityImage(regionCode: string, gpuModelId: number | null): SharedImage {
  const [image, setImage] = useState<CommunityImageDetail | null>(null);
  const [fit, setFit] = useState<ImageFit | null>(null);

  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('communityImageId'));
    if (!id) return;
    void communityImage(id).then((result) => {
      if (result.code === 200) setImage(result.data);
    });
  }, []);

  useEffect(() => {
    setFit(null);
    if (!image || !regionCode || !gpuModelId) return;
    let current = true;
    void checkImageFit({ id: image.id, regionCode, gpuModelId }).then((result) => {
      if (current && result.code === 200) setFit(result.data);
    });
    return () => {
      current = false;
    };
  }, [image, regionCode, gpuModelId]);

  return { image, fit, blocks: image !== null && !fit?.fits, clear: () => setImage(null) };
}

/** The chosen community image, and why the chosen GPU cannot run it. */
export function CommunityImageChoice({ shared }: { shared: SharedImage }) {
  const { image, fit } = shared;
  if (!image) return null;
  return (
    <>
      <Message color="blue" className="rc-community-image">
        社区镜像「<b className="rc-community-image-title">{image.title}</b>」· {image.framework} {image.frameworkVersion} · 需要 CUDA ≥{' '}
        {image.cudaVersion}{' '}
        <Button basic size="mini" type="button" onClick={shared.clear}>
          改用其他镜像
        </Button>
      </Message>
      {fit && !fit.fits ? (
        <Message negative className="rc-image-misfit">
          {fit.reasons.map((reason) => (
            <p key={reason}>{reason}</p>
          ))}
        </Message>
      ) : null}
      {fit?.fits ? <Message positive size="mini" className="rc-image-fits" content="所选GPU的驱动支持该镜像" /> : null}
    </>
  );
}
