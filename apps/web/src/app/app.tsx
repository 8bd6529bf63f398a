export function App() {
  return <div>BackOffice</div>;
}
