// @rc/mf-community: blogs, questions, the image community and news, as a single-spa application.
import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { App } from './app';
import type { ShellProps } from './shell/shell-props';

export const { bootstrap, mount, unmount } = singleSpaReact<ShellProps>({
  React,
  ReactDOMClient,
  rootComponent: App,
  errorBoundary: (error, info, props) => props.errorBoundary(error, info),
});
