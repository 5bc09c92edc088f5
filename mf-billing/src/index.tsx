// Placeholder entry until the app's screens arrive: single-spa lifecycles rendering a heading.
import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => <h1>费用中心</h1>,
  errorBoundary: () => <p>页面出错，请联系管理员</p>,
});

export const { bootstrap, mount, unmount } = lifecycles;
