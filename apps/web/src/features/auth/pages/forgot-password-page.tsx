export default function Page(_: { stayOnPage?: boolean }) {
  return null;
}
