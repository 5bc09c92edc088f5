import { useState, type FormEvent } from 'react';
import { Input } from 'semantic-ui-react';
import { bus, messages, searchTypeForPath } from '@rc/shared-utility';
import { navigate } from '../routing/location';

/** Spec §2: the search type follows the current path; an empty search is refused. */
export function SearchBox() {
  const [text, setText] = useState('');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const keyword = text.trim();
    if (!keyword) {
      bus.emit('toast', { type: 'warning', message: messages.emptySearch });
      return;
    }
    const type = searchTypeForPath(window.location.pathname);
    navigate(`/search?type=${type}&keyword=${encodeURIComponent(keyword)}`);
  };
  return (
    <form className="rc-search" role="search" onSubmit={submit}>
      <Input
        size="small"
        icon={{ name: 'search', link: true, onClick: () => submit() }}
        placeholder="搜索课程与博客"
        value={text}
        onChange={(_, { value }) => setText(value)}
        aria-label="搜索"
      />
    </form>
  );
}
