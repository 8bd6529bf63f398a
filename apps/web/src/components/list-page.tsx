import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import { PageLoader } from './page-loader';
import { RefreshButton } from './refresh-button';

interface Props {
  title: string;
  refreshText: string;
  onRefresh: () => void;
  /** The header's main button (e.g. 'Cadastrar Funcionário'). */
  create: { text: string; icon: ReactNode; onClick: () => void };
  /** The list's query: a spinner while pending, an error with a retry when it failed. */
  query: { isPending: boolean; isError: boolean };
  /** No rows: the notice shows above the table. */
  empty: boolean;
  /** Said when the list failed to load or has no rows. */
  notFoundText: string;
  /** The table, shown in a card. */
  children: ReactNode;
}

/** A page that is one list: title, reload and create buttons, then the table or its loading/error state. */
export function ListPage({ title, refreshText, onRefresh, create, query, empty, notFoundText, children }: Props) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <RefreshButton label={refreshText} onClick={onRefresh} />
            <Button variant="contained" startIcon={create.icon} onClick={create.onClick}>
              {create.text}
            </Button>
          </>
        }
      />
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRefresh}>
              {refreshText}
            </Button>
          }
        >
          {notFoundText}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {empty ? <Alert severity="info">{notFoundText}</Alert> : null}
          <Card>{children}</Card>
        </Stack>
      )}
    </>
  );
}
