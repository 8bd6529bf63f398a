import './plain/plain.css';

/**
 * The spinner shown while a page or its data loads: MUI's CircularProgress drawn by a style sheet (the same as
 * index.html's before any script), so that it needs no MUI on the first screen (decision 0028).
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div role="progressbar" aria-label="Carregando" className={`pl-loader${fullScreen ? ' pl-loader-full' : ''}`}>
      <svg viewBox="22 22 44 44" aria-hidden="true">
        <circle cx="44" cy="44" r="20.2" />
      </svg>
    </div>
  );
}
