import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Choice, type ChoiceSearch, customerSearch, documentHint, emailHint, SearchPicker } from './choice-picker';

interface Person extends Choice {
  email: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Ana Alves', email: 'ana@example.com' },
  { id: 2, name: 'Bruno Borges', email: 'bruno@example.com' },
  { id: 3, name: 'Bia Barros', email: 'bia@example.com' },
];

/** What each search was asked, in order: the picker asks with what is typed. */
const asked: string[] = [];

/** A query hook as a feature's api has it: the people whose name has what is typed (nothing before a letter). */
function usePeople(typed: string) {
  asked.push(typed);
  const text = typed.trim().toLowerCase();
  return { data: text ? PEOPLE.filter((p) => p.name.toLowerCase().includes(text)) : undefined, isFetching: false };
}

const SEARCH: ChoiceSearch<Person> = customerSearch(usePeople, {
  customer: 'Pessoa',
  customerSearch: 'Digite para buscar a pessoa',
});

function Harness({ onChosen }: { onChosen: (value: Choice | null) => void }) {
  const [value, setValue] = useState<Choice | null>(null);
  return (
    <SearchPicker
      search={SEARCH}
      value={value}
      onChange={(chosen) => {
        setValue(chosen);
        onChosen(chosen);
      }}
      helperText="Obrigatório"
    />
  );
}

describe('SearchPicker', () => {
  it('asks the search with what is typed and shows its answer, each name with its hint', async () => {
    asked.length = 0;
    const chosen: (Choice | null)[] = [];
    render(<Harness onChosen={(value) => chosen.push(value)} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Pessoa' });
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    await user.click(field);
    expect(await screen.findByText('Digite para buscar a pessoa')).toBeTruthy();
    await user.type(field, 'b');
    expect(asked.at(-1)).toBe('b');
    // 'b' is in 'Bruno Borges' and 'Bia Barros', not in 'Ana Alves'.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Bruno Borges · bruno@example.com',
      'Bia Barros · bia@example.com',
    ]);
    await user.click(screen.getByRole('option', { name: /Bia Barros/ }));
    // What the caller gets is the bare id and name, not the whole record.
    expect(chosen).toEqual([{ id: 3, name: 'Bia Barros' }]);
    expect((field as HTMLInputElement).value).toBe('Bia Barros');
  });
});

describe('the hints', () => {
  it('a customer: the e-mail, nothing for a placeholder address nor for a bare choice', () => {
    expect(emailHint({ id: 1, name: 'Ana', email: 'ana@example.com' })).toBe('ana@example.com');
    expect(emailHint({ id: 1, name: 'Ana', email: 'cliente-12@sem-email.invalid' })).toBeNull();
    expect(emailHint({ id: 1, name: 'Ana', email: null })).toBeNull();
    expect(emailHint({ id: 1, name: 'Ana' })).toBeNull();
  });

  it('a supplier: the CNPJ or CPF formatted, nothing for a bare choice', () => {
    expect(documentHint({ id: 1, name: 'Loja', document: '11222333000181' })).toBe('11.222.333/0001-81');
    expect(documentHint({ id: 1, name: 'Rita', document: '52998224725' })).toBe('529.982.247-25');
    expect(documentHint({ id: 1, name: 'Loja' })).toBeNull();
  });
});
