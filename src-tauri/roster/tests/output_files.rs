//! An output (export, roll log, sheets) never replaces the campaign or what is not a file, and
//! is written through a temporary file nobody can plant or guess.

use std::fs;
use std::path::{Path, PathBuf};

use rollbook_roster::files::{open_regular_file, write_whole, Protected, BACKUPS_DIR};
use rollbook_roster::{NewRoster, Store, System};
use sha2::{Digest, Sha256};

fn campaign(dir: &Path) -> (Store, PathBuf) {
    let path = dir.join("campaign.sqlite3");
    let mut store = Store::open(&path).unwrap();
    store
        .create_roster(NewRoster::new("Friday Night Heroes", System::D12))
        .unwrap();
    (store, path)
}

fn hash(path: &Path) -> Vec<u8> {
    Sha256::digest(fs::read(path).unwrap()).to_vec()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_open_database_is_refused_under_every_spelling() {
    let dir = tempfile::tempdir().unwrap();
    let (store, db) = campaign(dir.path());
    let protected = store.protected_files();
    let before = hash(&db);
    let mut spellings = vec![
        db.clone(),
        dir.path().join(".").join("campaign.sqlite3"),
        dir.path().join("sub").join("..").join("campaign.sqlite3"),
    ];
    fs::create_dir(dir.path().join("sub")).unwrap();
    let hard = dir.path().join("hard-link.db");
    fs::hard_link(&db, &hard).unwrap();
    spellings.push(hard);
    #[cfg(unix)]
    {
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&db, &link).unwrap();
        spellings.push(link);
    }
    for path in &spellings {
        let error = write_whole(path, b"{}", &protected).unwrap_err();
        assert_eq!(error.code(), "output_is_database", "{path:?}");
        assert!(
            error.to_string().contains(&*path.to_string_lossy()),
            "{error}"
        );
    }
    assert_eq!(hash(&db), before);
    store.integrity_check().unwrap();
}

#[test]
fn the_database_s_companions_and_backups_are_refused_even_before_they_exist() {
    let dir = tempfile::tempdir().unwrap();
    let (store, db) = campaign(dir.path());
    let protected = store.protected_files();
    let backups = dir.path().join(BACKUPS_DIR);
    fs::create_dir(&backups).unwrap();
    fs::write(backups.join("20261125T040000Z-manual.sqlite3"), "snapshot").unwrap();
    let name = db.file_name().unwrap().to_str().unwrap();
    for path in [
        dir.path().join(format!("{name}-wal")),
        dir.path().join(format!("{name}-shm")),
        dir.path().join(format!("{name}-journal")),
        dir.path()
            .join(format!("{name}.v3-backup-20261122T193000Z")),
        backups.join("20261125T040000Z-manual.sqlite3"),
        backups.join("new.json"),
    ] {
        let error = write_whole(&path, b"{}", &protected).unwrap_err();
        assert_eq!(error.code(), "output_is_database", "{path:?}");
    }
    assert_eq!(
        fs::read(backups.join("20261125T040000Z-manual.sqlite3")).unwrap(),
        b"snapshot"
    );
    // A file merely named like the database, in another folder, is fine.
    let elsewhere = dir.path().join("sub");
    fs::create_dir(&elsewhere).unwrap();
    write_whole(&elsewhere.join(name), b"{}", &protected).unwrap();
}

#[test]
fn a_folder_is_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("exports");
    fs::create_dir(&folder).unwrap();
    fs::write(folder.join("keep.txt"), "kept").unwrap();
    let error = write_whole(&folder, b"{}", &Protected::nothing()).unwrap_err();
    assert_eq!(error.code(), "not_a_regular_file");
    assert!(error.to_string().contains("a folder"), "{error}");
    assert_eq!(fs::read_to_string(folder.join("keep.txt")).unwrap(), "kept");
}

#[cfg(unix)]
#[test]
fn a_fifo_and_a_device_are_never_replaced() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let error = write_whole(&fifo, b"{}", &Protected::nothing()).unwrap_err();
    assert_eq!(error.code(), "not_a_regular_file");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());

    // A device of our own (a twin of /dev/null) when we may make one: as root, the real
    // /dev/null used to be replaced by a regular file.
    let device = dir.path().join("null");
    let c = std::ffi::CString::new(device.as_os_str().as_bytes()).unwrap();
    // SAFETY: as above; mknod fails cleanly without the right to make devices.
    let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) };
    let device = if made == 0 {
        device
    } else {
        PathBuf::from("/dev/null")
    };
    let error = write_whole(&device, b"{}", &Protected::nothing()).unwrap_err();
    assert_eq!(error.code(), "not_a_regular_file");
    assert!(error.to_string().contains("a device"), "{error}");
    assert!(fs::symlink_metadata(&device)
        .unwrap()
        .file_type()
        .is_char_device());
}

#[cfg(unix)]
#[test]
fn the_replaced_file_keeps_its_permission_bits() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    for mode in [0o600, 0o640, 0o644] {
        let path = dir.path().join(format!("out-{mode:o}.json"));
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
        write_whole(&path, b"new", &Protected::nothing()).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        let now = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(now, mode, "{path:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_link_planted_where_the_temporary_file_used_to_be_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    fs::write(&victim, "precious").unwrap();
    // The name earlier builds used: `.NAME.rollbook-PID.tmp`.
    let planted = dir
        .path()
        .join(format!(".out.json.rollbook-{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let out = dir.path().join("out.json");
    write_whole(&out, b"export", &Protected::nothing()).unwrap();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(fs::read_to_string(&out).unwrap(), "export");
}

#[test]
fn a_link_to_a_file_replaces_the_file_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    fs::write(&real, "old").unwrap();
    #[cfg(unix)]
    {
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_whole(&link, b"new", &Protected::nothing()).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
    }
}

#[test]
fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no such folder").join("out.json");
    assert_eq!(
        write_whole(&missing, b"new", &Protected::nothing())
            .unwrap_err()
            .code(),
        "io_error"
    );
    let out = dir.path().join("out.json");
    fs::write(&out, "old").unwrap();
    write_whole(&out, b"new", &Protected::nothing()).unwrap();
    assert_eq!(files_in(dir.path()), ["out.json"]);
}

#[cfg(target_os = "linux")]
#[test]
fn a_temporary_file_left_by_a_killed_export_is_swept_by_the_next_write() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.json");
    // What a SIGKILL halfway leaves: the writer's temporary file, its process gone.
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    fs::write(
        dir.path()
            .join(format!(".out.json.rollbook-{dead}-Xy7Qa1b2c3d4.tmp")),
        "half an exp",
    )
    .unwrap();
    write_whole(&out, b"whole", &Protected::nothing()).unwrap();
    assert_eq!(files_in(dir.path()), ["out.json"]);
}

#[test]
fn an_import_reads_only_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        open_regular_file(dir.path()).unwrap_err().code(),
        "not_a_regular_file"
    );
    let error = rollbook_roster::Import::from_path(dir.path()).unwrap_err();
    assert_eq!(error.code(), "not_a_regular_file");
    #[cfg(unix)]
    {
        let error = rollbook_roster::Import::from_path("/dev/zero").unwrap_err();
        assert_eq!(error.code(), "not_a_regular_file");
    }
}
