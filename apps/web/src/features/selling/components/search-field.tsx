import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

interface Props {
  label: string;
  /** Called with the typed text when Enter is pressed or the search button clicked. */
  onSearch(text: string): void;
  /** ArrowDown from the field: move into the results. */
  onArrowDown?(): void;
  inputRef?: Ref<HTMLInputElement>;
  maxLength?: number;
  initialText?: string;
}

/** The step's search box: focused on arrival, Enter searches, ArrowDown goes to the results. */
export function SearchField({ label, onSearch, onArrowDown, inputRef, maxLength = 200, initialText = '' }: Props) {
  const [text, setText] = useState(initialText);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && onArrowDown) {
      event.preventDefault();
      onArrowDown();
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <TextField
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        fullWidth
        autoFocus
        autoComplete="off"
        inputRef={inputRef}
        slotProps={{
          htmlInput: { maxLength, enterKeyHint: 'search' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" aria-label={T.search} edge="end">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
