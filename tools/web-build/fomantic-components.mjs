// The Fomantic UI components the portal ships, in the order of Fomantic's own semantic.css (later
// components override earlier ones). fomantic-components.test.ts fails when source uses a
// `ui <component>` class or a semantic-ui-react component whose styles are not in this list.
export const shippedComponents = [
  'reset',
  'site',
  'button',
  'divider',
  'header',
  'icon',
  'image',
  'input',
  'label',
  'list',
  'loader',
  'segment',
  'step',
  'breadcrumb',
  'form',
  'menu',
  'message',
  'table',
  'card',
  'statistic',
  'checkbox',
  'dimmer',
  'dropdown',
  'modal',
  'popup',
  'progress',
  'transition',
];

/**
 * The Fomantic components each semantic-ui-react export renders (with its sub-components, such as
 * Form.Input or Dropdown.Menu). An export missing here fails the test until someone says what it needs.
 * @type {Record<string, string[]>}
 */
export const stylesOfReactComponent = {
  Breadcrumb: ['breadcrumb'],
  Button: ['button', 'icon', 'label'],
  Card: ['card', 'image'],
  Checkbox: ['checkbox'],
  Confirm: ['modal', 'dimmer', 'button'],
  Dimmer: ['dimmer'],
  Divider: ['divider'],
  Dropdown: ['dropdown', 'menu', 'transition', 'icon', 'label'],
  Form: ['form', 'input', 'checkbox', 'dropdown', 'button', 'message'],
  Header: ['header'],
  Icon: ['icon'],
  Image: ['image'],
  Input: ['input', 'icon', 'button', 'label'],
  Label: ['label', 'icon'],
  List: ['list'],
  Loader: ['loader'],
  Menu: ['menu'],
  Message: ['message', 'icon'],
  Modal: ['modal', 'dimmer', 'transition'],
  Pagination: ['menu', 'icon'],
  Popup: ['popup', 'transition'],
  Progress: ['progress'],
  Radio: ['checkbox'],
  Segment: ['segment'],
  Select: ['dropdown', 'transition'],
  Statistic: ['statistic'],
  Step: ['step', 'icon'],
  Table: ['table'],
  TextArea: ['form'],
};
