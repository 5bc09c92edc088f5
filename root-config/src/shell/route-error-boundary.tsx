import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '@rc/shared-utility';
import { reloadForFailedChunk } from '../apps/chunk-reload';
import { ErrorPage } from '../errors/error-page';

interface RouteErrorBoundaryProps {
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  status: number | null;
}

const statusOf = (error: unknown): number => {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : 500;
};

/**
 * A page that throws while rendering shows the error page with its status code (default 500); one whose code did not
 * arrive reloads the page, at most once a minute (spec §8).
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { status: null };

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { status: statusOf(error) };
  }

  componentDidCatch(error: unknown) {
    if (error instanceof ChunkLoadError) reloadForFailedChunk();
  }

  render() {
    return this.state.status === null ? this.props.children : <ErrorPage status={this.state.status} />;
  }
}
