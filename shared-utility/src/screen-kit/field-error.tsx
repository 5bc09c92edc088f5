import { Label } from 'semantic-ui-react';

/** The one look of a field's error: the same prompt label semantic-ui's `Form.Input error` draws. */
export function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return <Label prompt pointing="above" role="alert" content={message} />;
}
