import { EMPLOYEE_FUNC_LABELS, type Employee, type EmployeeFunc, formatPhone } from '@backoffice/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AuditHistoryDialog } from '../../../components/audit-history-dialog';
import { DataTable } from '../../../components/data-table';
import { ListPage } from '../../../components/list-page';
import { useNotify } from '../../../components/notifier';
import { useApiMutation } from '../../../components/use-api-mutation';
import { useLinkedRecord } from '../../../lib/linked-record';
import {
  createEmployee,
  invalidateAfterEmployeeChange,
  refetchEmployeesScreen,
  updateEmployee,
  useEmployees,
  useRoleOptions,
} from '../api/employees-api';
import { CreateEmployeeDialog, EditEmployeeDialog } from '../components/employee-dialogs';
import { EMPLOYEES_TEXTS as T } from '../texts';

const columns: GridColDef<Employee>[] = [
  { field: 'name', headerName: T.columns.name, flex: 1.2, minWidth: 180 },
  { field: 'email', headerName: T.columns.email, flex: 1.2, minWidth: 200 },
  {
    field: 'phone',
    headerName: T.columns.phone,
    flex: 0.8,
    minWidth: 140,
    valueFormatter: (value: string) => formatPhone(value),
  },
  {
    field: 'type',
    headerName: T.columns.type,
    flex: 0.7,
    minWidth: 120,
    valueGetter: (_value, row) => EMPLOYEE_FUNC_LABELS[row.func as EmployeeFunc] ?? row.type,
  },
  {
    field: 'isBlocked',
    headerName: T.columns.blocked,
    flex: 0.5,
    minWidth: 110,
    valueGetter: (_value, row) => (row.isBlocked ? T.yes : T.no),
  },
];

/** Employees: list, create and edit (spec section 2, Employees). */
export default function EmployeesPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  // The writes (issue 16 §2): the spec's text, the dialog closed, the lists read again; a refusal keeps the
  // dialog with what was typed and says the server's message (an edit's, as an information: section 8).
  const create = useApiMutation({
    mutationFn: (values: Parameters<typeof createEmployee>[0]) => createEmployee(values),
    success: T.created,
    failure: T.fallback,
    closeDialog: () => setCreating(false),
    onSuccess: () => void invalidateAfterEmployeeChange(queryClient),
  });
  const edit = useApiMutation({
    mutationFn: ({ func, values }: { func: EmployeeFunc; values: Parameters<typeof updateEmployee>[1] }) =>
      updateEmployee(func, values),
    success: T.edited,
    failure: T.fallback,
    failureLevel: 'info',
    closeDialog: () => setEditing(null),
    onSuccess: () => void invalidateAfterEmployeeChange(queryClient),
  });
  const employees = useEmployees();
  const roles = useRoleOptions();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Employee | null>(null);
  const [changesOf, setChangesOf] = useState<Employee | null>(null);

  const refresh = () => void refetchEmployeesScreen(queryClient);

  const startEdit = (selected: Employee[]) => {
    if (selected.length !== 1) {
      notify.error(T.twoSelected);
      return;
    }
    setEditing(selected[0] ?? null);
  };

  const showChanges = (selected: Employee[]) => {
    if (selected.length !== 1) {
      notify.error(T.changesTwoSelected);
      return;
    }
    setChangesOf(selected[0] ?? null);
  };

  const list = employees.data ?? [];

  // An employee a link names (the command palette's results): his form opens once the list has him.
  const [linked, clearLinked] = useLinkedRecord('employee');
  const linkedEmployee = linked === null ? undefined : employees.data?.find((e) => String(e.id) === linked);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per link; clearLinked changes with the address.
  useEffect(() => {
    if (!linkedEmployee) return;
    setEditing(linkedEmployee);
    clearLinked();
  }, [linkedEmployee]);

  return (
    <>
      <ListPage
        title={T.title}
        refreshText={T.refresh}
        onRefresh={refresh}
        create={{ text: T.create, icon: <PersonAddAlt1OutlinedIcon />, onClick: () => setCreating(true) }}
        query={employees}
        empty={list.length === 0}
        notFoundText={T.notFound}
      >
        <DataTable<Employee>
          rows={list}
          columns={columns}
          loading={employees.isFetching}
          emptyText={T.tableEmpty}
          label={T.title}
          selectionActions={(selected) => (
            <>
              <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => startEdit(selected)}>
                {T.edit}
              </Button>
              <Button size="small" startIcon={<ManageHistoryIcon />} onClick={() => showChanges(selected)}>
                {T.changes}
              </Button>
            </>
          )}
        />
      </ListPage>
      <CreateEmployeeDialog
        open={creating}
        roles={roles.data ?? []}
        onClose={() => setCreating(false)}
        onSubmit={(values) => create.mutateAsync(values).catch(() => undefined)}
      />
      <EditEmployeeDialog
        employee={editing}
        roles={roles.data ?? []}
        onClose={() => setEditing(null)}
        onSubmit={(func, values) => edit.mutateAsync({ func, values }).catch(() => undefined)}
      />
      <AuditHistoryDialog
        target={changesOf ? { entity: 'employee', id: changesOf.id, name: changesOf.name } : null}
        onClose={() => setChangesOf(null)}
      />
    </>
  );
}
