//! Reading an untrusted input file with a bound on the bytes read, whatever the file is: a regular file, a
//! device (`/dev/zero`), a pipe, `/dev/stdin` or a FIFO. The file's length is not trusted (devices and pipes
//! report 0), so reading itself stops one byte past the limit.

use crate::error::{Error, ErrorKind, Result};
use std::io::Read;
use std::path::Path;

/// Reads at most `max` bytes of `path`. Errors: [`ErrorKind::Io`] (missing, unreadable, a directory) or
/// [`ErrorKind::Limit`] when the file holds more than `max` bytes, naming the file and `--max-input-size`.
pub fn read_at_most(path: &Path, max: usize) -> Result<Vec<u8>> {
    let label = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| Error::io(&label, e))?;
    // A regular file's length refuses it at once, naming its size; any other file's (0 for a device or a pipe)
    // only sizes the buffer, and reading itself stops past the limit.
    let length = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map_or(0, |m| m.len());
    if length > max as u64 {
        return Err(Error::new(
            ErrorKind::Limit,
            format!("input is {length} bytes, over the limit of {max} (--max-input-size)"),
        )
        .in_source(label));
    }
    let hint = length as usize;
    let mut bytes = Vec::with_capacity(hint);
    file.take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(&label, e))?;
    if bytes.len() > max {
        return Err(over_limit(&label, max));
    }
    Ok(bytes)
}

/// The error of an input over `--max-input-size`.
pub fn over_limit(label: &str, max: usize) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!("input is over the limit of {max} bytes (--max-input-size)"),
    )
    .in_source(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_read_only_up_to_the_limit() {
        let e = read_at_most(Path::new("/dev/zero"), 1000).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert_eq!(
            e.to_string(),
            "/dev/zero: input is over the limit of 1000 bytes (--max-input-size)"
        );
        assert_eq!(read_at_most(Path::new("/dev/null"), 1).unwrap(), b"");
    }

    #[test]
    fn a_file_at_the_limit_is_read_and_one_byte_over_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_at_most(&path, 5).unwrap(), b"12345");
        assert_eq!(
            read_at_most(&path, 4).unwrap_err().to_string(),
            format!(
                "{}: input is 5 bytes, over the limit of 4 (--max-input-size)",
                path.display()
            )
        );
        assert_eq!(
            read_at_most(dir.path(), 4).unwrap_err().kind(),
            ErrorKind::Io
        );
    }
}
