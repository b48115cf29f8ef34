# render.py builds one fieldkit table in Blender from a JSON spec written by
# package fieldkit/internal/photoreal, renders it with Cycles and writes a
# report: every marker's corners in the frame and how many of the rays from
# the camera to the marker reach it unblocked.
#
#   blender -b --factory-startup --python render.py -- spec.json
#
# Coordinates in the spec are table millimetres: x to the east, y to the
# south (toward seat A's default side), z up. Blender gets metres with y
# flipped, so that its frame stays right-handed.
import bpy, bmesh, json, math, sys, time
from mathutils import Vector
from bpy_extras.object_utils import world_to_camera_view

MM = 0.001


def W(x, y, z):
    """Table millimetres to a Blender world point."""
    return Vector((x * MM, -y * MM, z * MM))


def surface(p, u, v):
    """The point of piece p's top face at face millimetres (u, v), in table mm."""
    w, h = p["w"], p["h"]
    shape = p.get("shape", "rect")
    z = p["z"] + p["thick"]
    if shape == "tent":
        # Folded across the middle (v = h/2) into a tent standing on the
        # table: each panel leans at p["lean"] degrees from the table.
        a = math.radians(p.get("lean", 65))
        half = h / 2
        d = abs(v - half)
        across = (d * math.cos(a)) * (1 if v > half else -1)
        z = p["z"] + half * math.sin(a) - d * math.sin(a) + p["thick"]
        lu, lv = u - w / 2, across
    else:
        lu, lv = u - w / 2, v - h / 2
        b = p.get("bend", 0.0)
        if b and shape == "rect":
            t = 2 * u / w - 1
            z += b * t * t if b > 0 else -b * (1 - t * t)
    c, s = math.cos(p["angle"]), math.sin(p["angle"])
    return (p["x"] + c * lu - s * lv, p["y"] + s * lu + c * lv, z)


def material(name, tex, rough, coat, bleed_uv, rim):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    bsdf = nt.nodes["Principled BSDF"]
    bsdf.inputs["Roughness"].default_value = rough
    bsdf.inputs["Specular"].default_value = 0.5
    bsdf.inputs["Clearcoat"].default_value = coat
    bsdf.inputs["Clearcoat Roughness"].default_value = 0.08
    if tex:
        img = images.get(tex)
        if img is None:
            img = bpy.data.images.load(tex)
            images[tex] = img
        t = nt.nodes.new("ShaderNodeTexImage")
        t.image = img
        t.interpolation = "Linear"
        nt.links.new(t.outputs["Color"], bsdf.inputs["Base Color"])
    else:
        bsdf.inputs["Base Color"].default_value = (*rim, 1)
    return m


images = {}


def piece(i, p, paper):
    """A piece as a solid slab whose top face carries its printed face."""
    w, h = p["w"], p["h"]
    bm = bmesh.new()
    uv = bm.loops.layers.uv.new()
    bu, bv = p.get("bleed", 0) / (w + 2 * p.get("bleed", 0)), p.get("bleed", 0) / (h + 2 * p.get("bleed", 0))

    def vert(u, v):
        return bm.verts.new(W(*surface(p, u, v)))

    def uvof(u, v):
        return (bu + (1 - 2 * bu) * u / w, 1 - (bv + (1 - 2 * bv) * v / h))

    faces = []
    if p.get("shape") == "round":
        n = 48
        r = w / 2
        centre = vert(w / 2, h / 2)
        ring = [(w / 2 + r * math.cos(2 * math.pi * k / n), h / 2 + r * math.sin(2 * math.pi * k / n)) for k in range(n)]
        vs = [vert(*q) for q in ring]
        for k in range(n):
            a, b = k, (k + 1) % n
            f = bm.faces.new((centre, vs[b], vs[a]))
            faces.append((f, [(w / 2, h / 2), ring[b], ring[a]]))
    else:
        nx = 14 if p.get("bend") else 1
        ny = 8 if p.get("shape") == "tent" else 1
        grid = {}
        for j in range(ny + 1):
            for k in range(nx + 1):
                q = (w * k / nx, h * j / ny)
                grid[k, j] = (vert(*q), q)
        for j in range(ny):
            for k in range(nx):
                cs = [grid[k, j], grid[k, j + 1], grid[k + 1, j + 1], grid[k + 1, j]]
                f = bm.faces.new([c[0] for c in cs])
                faces.append((f, [c[1] for c in cs]))
    for f, qs in faces:
        for loop, q in zip(f.loops, qs):
            loop[uv].uv = uvof(*q)
    # Top faces must face up (toward -y flips the winding).
    bmesh.ops.recalc_face_normals(bm, faces=bm.faces)
    for f in bm.faces:
        if f.normal.z < 0:
            f.normal_flip()
    me = bpy.data.meshes.new("m%d" % i)
    bm.to_mesh(me)
    bm.free()
    ob = bpy.data.objects.new("%s:%d" % (p.get("kind", "piece"), i), me)
    bpy.context.collection.objects.link(ob)
    rough, coat = paper
    if p.get("shape") == "round" or p.get("kind") == "token":
        rough, coat = max(rough, 0.35), 0
    ob.data.materials.append(material("f%d" % i, p["texture"], rough, coat, (bu, bv), None))
    ob.data.materials.append(material("r%d" % i, None, 0.6, 0, None, p.get("rim", [0.8, 0.78, 0.72])))
    mod = ob.modifiers.new("solid", "SOLIDIFY")
    mod.thickness = p["thick"] * MM
    mod.offset = -1
    mod.material_offset_rim = 1
    mod.material_offset = 1  # the inner shell is plain: a tent's far panel shows no marker from behind
    mod.use_even_offset = True
    if p.get("shape") == "tent":
        mod.offset = 0
    return ob


def table(spec):
    t = spec["table"]
    bpy.ops.mesh.primitive_plane_add(size=4, location=(0, 0, 0))
    ob = bpy.context.object
    ob.name = "table:0"
    m = bpy.data.materials.new("table")
    m.use_nodes = True
    nt = m.node_tree
    bsdf = nt.nodes["Principled BSDF"]
    bsdf.inputs["Roughness"].default_value = t.get("roughness", 0.5)
    base = t["color"]
    kind = t.get("kind", "plain")
    if kind in ("wood", "cloth"):
        tc = nt.nodes.new("ShaderNodeTexCoord")
        if kind == "wood":
            tex = nt.nodes.new("ShaderNodeTexWave")
            tex.inputs["Scale"].default_value = 6
            tex.inputs["Distortion"].default_value = 6
            tex.inputs["Detail"].default_value = 4
        else:
            tex = nt.nodes.new("ShaderNodeTexNoise")
            tex.inputs["Scale"].default_value = 600
            tex.inputs["Detail"].default_value = 2
        nt.links.new(tc.outputs["Object"], tex.inputs["Vector"])
        ramp = nt.nodes.new("ShaderNodeValToRGB")
        ramp.color_ramp.elements[0].color = (*[c * 0.7 for c in base], 1)
        ramp.color_ramp.elements[1].color = (*[min(1, c * 1.25) for c in base], 1)
        nt.links.new(tex.outputs["Fac"], ramp.inputs["Fac"])
        nt.links.new(ramp.outputs["Color"], bsdf.inputs["Base Color"])
    else:
        bsdf.inputs["Base Color"].default_value = (*base, 1)
    ob.data.materials.append(m)


def hand(i, hd):
    """A hand as an ellipsoid palm with fingers, and a tapered arm to the table's edge."""
    skin = bpy.data.materials.new("skin%d" % i)
    skin.use_nodes = True
    b = skin.node_tree.nodes["Principled BSDF"]
    b.inputs["Base Color"].default_value = (*hd["color"], 1)
    b.inputs["Roughness"].default_value = 0.5
    b.inputs["Subsurface"].default_value = 0.05
    px, py, pz = hd["palm"]
    a = hd["angle"]  # direction from the palm back to the arm, table radians
    bpy.ops.mesh.primitive_uv_sphere_add(radius=1, location=W(px, py, pz))
    palm = bpy.context.object
    palm.name = "hand:%d" % i
    palm.scale = (40 * MM, 36 * MM, 12 * MM)
    palm.rotation_euler = (0, 0, -a)
    palm.data.materials.append(skin)
    # Fingers reach away from the arm.
    for k in range(4):
        off = (k - 1.5) * 17
        fx = px - math.cos(a) * 60 - math.sin(a) * off
        fy = py - math.sin(a) * 60 + math.cos(a) * off
        bpy.ops.mesh.primitive_uv_sphere_add(radius=1, location=W(fx, fy, pz - 6))
        f = bpy.context.object
        f.name = "hand:%d.%d" % (i, k)
        f.scale = (32 * MM, 8 * MM, 8 * MM)
        f.rotation_euler = (0, 0, -a)
        f.data.materials.append(skin)
    # The arm: a cylinder from the wrist up and away.
    l = hd["arm"]
    ex, ey, ez = px + math.cos(a) * l, py + math.sin(a) * l, pz + hd["rise"]
    s, e = W(px + math.cos(a) * 30, py + math.sin(a) * 30, pz), W(ex, ey, ez)
    mid = (s + e) / 2
    d = e - s
    bpy.ops.mesh.primitive_cylinder_add(radius=34 * MM, depth=d.length, location=mid)
    arm = bpy.context.object
    arm.name = "hand:%d.arm" % i
    arm.rotation_euler = d.to_track_quat("Z", "Y").to_euler()
    sleeve = bpy.data.materials.new("sleeve%d" % i)
    sleeve.use_nodes = True
    sleeve.node_tree.nodes["Principled BSDF"].inputs["Base Color"].default_value = (*hd["sleeve"], 1)
    arm.data.materials.append(sleeve if hd.get("sleeved") else skin)


def light(i, l):
    kind = l["type"]
    ld = bpy.data.lights.new("light%d" % i, kind)
    ld.energy = l["power"]
    ld.color = l["color"]
    if kind == "AREA":
        ld.shape = "DISK"
        ld.size = l["size"] * MM
    elif kind == "POINT":
        ld.shadow_soft_size = l["size"] * MM
    elif kind == "SUN":
        ld.angle = math.radians(l.get("angle", 2))
    ob = bpy.data.objects.new("light:%d" % i, ld)
    bpy.context.collection.objects.link(ob)
    ob.location = W(*l["pos"])
    d = W(*l["target"]) - ob.location
    ob.rotation_euler = d.to_track_quat("-Z", "Y").to_euler()


def camera(spec):
    c = spec["camera"]
    cd = bpy.data.cameras.new("cam")
    cd.lens = c["lens"]
    cd.sensor_width = 36
    cd.sensor_fit = "HORIZONTAL"
    ob = bpy.data.objects.new("cam", cd)
    bpy.context.collection.objects.link(ob)
    bpy.context.scene.camera = ob
    target = W(*c["target"])
    t, az = math.radians(c["tilt"]), math.radians(c["azimuth"])
    # Unit direction from the target back to the camera, in table axes.
    back = (math.sin(t) * math.cos(az), math.sin(t) * math.sin(az), math.cos(t))
    bdir = Vector((back[0], -back[1], back[2]))
    rot = (-bdir).to_track_quat("-Z", "Y")
    roll = math.radians(c.get("roll", 0))
    from mathutils import Quaternion
    rot = rot @ Quaternion((0, 0, 1), roll)
    ob.rotation_euler = rot.to_euler()
    scn = bpy.context.scene
    # Frame the outline: fill of the frame's limiting side.
    pts = [W(*q) for q in c["outline"]]
    dist = 1.0
    for _ in range(8):
        ob.location = target + bdir * dist
        bpy.context.view_layer.update()
        xs, ys = [], []
        for q in pts:
            v = world_to_camera_view(scn, ob, q)
            xs.append(v.x)
            ys.append(v.y)
        ext = max(max(xs) - min(xs), max(ys) - min(ys))
        ext = max((max(xs) - min(xs)), (max(ys) - min(ys)))
        dist *= ext / c["fill"]
    # Shift the frame so the outline's box lies where the spec says.
    bpy.context.view_layer.update()
    xs = [world_to_camera_view(scn, ob, q).x for q in pts]
    ys = [world_to_camera_view(scn, ob, q).y for q in pts]
    ar = scn.render.resolution_y / scn.render.resolution_x
    sx, sy = c.get("shift", [0, 0])
    cd.shift_x = ((min(xs) + max(xs)) / 2 - 0.5) + sx * (1 - (max(xs) - min(xs))) / 2
    cd.shift_y = (((min(ys) + max(ys)) / 2 - 0.5) + sy * (1 - (max(ys) - min(ys))) / 2) * ar
    if c.get("fstop"):
        cd.dof.use_dof = True
        cd.dof.aperture_fstop = c["fstop"]
        cd.dof.focus_distance = (ob.location - W(*c["focus"])).length
    bpy.context.view_layer.update()
    return ob


def main():
    argv = sys.argv[sys.argv.index("--") + 1:]
    spec = json.load(open(argv[0]))
    began = time.time()
    scn = bpy.context.scene
    for ob in list(bpy.data.objects):
        bpy.data.objects.remove(ob)
    scn.render.engine = "CYCLES"
    scn.cycles.device = "CPU"
    scn.cycles.samples = spec["samples"]
    scn.cycles.use_adaptive_sampling = spec["samples"] >= 4
    scn.cycles.adaptive_threshold = 0.05
    scn.cycles.use_denoising = False
    scn.cycles.max_bounces = spec.get("bounces", 0)
    scn.cycles.diffuse_bounces = spec.get("bounces", 0)
    scn.cycles.glossy_bounces = spec.get("bounces", 0)
    scn.cycles.transparent_max_bounces = 0
    # Few samples: clamp single samples and blur sharp glossy paths, so a
    # small lamp in the clear coat gives a glint, not fireflies.
    scn.cycles.sample_clamp_direct = spec.get("clamp", 2.0)
    scn.cycles.blur_glossy = 1.0
    scn.cycles.caustics_reflective = False
    scn.cycles.caustics_refractive = False
    scn.cycles.seed = spec.get("seed", 0)
    scn.render.threads_mode = "FIXED"
    scn.render.threads = spec.get("threads", 1)
    scn.render.resolution_x, scn.render.resolution_y = spec["width"], spec["height"]
    scn.render.resolution_percentage = 100
    scn.render.use_persistent_data = False
    scn.view_settings.view_transform = "Standard"
    scn.view_settings.look = "None"
    scn.view_settings.exposure = spec.get("exposure", 0)
    scn.render.image_settings.file_format = "PNG"
    scn.render.image_settings.color_mode = "RGB"
    scn.render.image_settings.color_depth = "16"
    scn.render.image_settings.compression = 10
    world = bpy.data.worlds.new("w")
    world.use_nodes = True
    bg = world.node_tree.nodes["Background"]
    bg.inputs["Color"].default_value = (*spec["world"]["color"], 1)
    bg.inputs["Strength"].default_value = spec["world"]["strength"]
    scn.world = world
    table(spec)
    paper = (spec["paper"]["roughness"], spec["paper"]["coat"])
    obs = [piece(i, p, paper) for i, p in enumerate(spec["pieces"])]
    for i, hd in enumerate(spec.get("hands") or []):
        hand(i, hd)
    for i, l in enumerate(spec["lights"]):
        light(i, l)
    cam = camera(spec)
    built = time.time()
    scn.render.filepath = spec["out"]
    bpy.ops.render.render(write_still=True)
    rendered = time.time()
    report(spec, scn, cam, obs)
    print("photoreal: built %.1f s, rendered %.1f s" % (built - began, rendered - built))


def report(spec, scn, cam, obs):
    dg = bpy.context.evaluated_depsgraph_get()
    Wd, Hd = spec["width"], spec["height"]
    origin = cam.matrix_world.translation

    def px(q):
        v = world_to_camera_view(scn, cam, q)
        return [v.x * Wd - 0.5, (1 - v.y) * Hd - 0.5, v.z]

    out = {"markers": [], "probes": []}
    for i, p in enumerate(spec["pieces"]):
        for mk in p.get("markers") or []:
            cs = mk["corners"]
            corners = [px(W(*surface(p, u, v))) for u, v in cs]
            # Rays to 7 x 7 module centres and the four corners, inset.
            blocked, by, n = 0, "", 0
            samples = []
            for a in range(7):
                for b in range(7):
                    samples.append(((a + 0.5) / 7, (b + 0.5) / 7))
            samples += [(0.03, 0.03), (0.97, 0.03), (0.97, 0.97), (0.03, 0.97)]
            for sa, sb in samples:
                # Bilinear in the marker's corners (face millimetres).
                u = (1 - sa) * (1 - sb) * cs[0][0] + sa * (1 - sb) * cs[1][0] + sa * sb * cs[2][0] + (1 - sa) * sb * cs[3][0]
                v = (1 - sa) * (1 - sb) * cs[0][1] + sa * (1 - sb) * cs[1][1] + sa * sb * cs[2][1] + (1 - sa) * sb * cs[3][1]
                tx, ty, tz = surface(p, u, v)
                q = W(tx, ty, tz + 0.05)
                d = q - origin
                n += 1
                hit, loc, nor, idx, ob, _ = scn.ray_cast(dg, origin, d.normalized(), distance=d.length - 0.0002)
                if hit and ob.name != obs[i].name:
                    blocked += 1
                    by = ob.name.split(":")[0]
            out["markers"].append({"piece": i, "id": mk["id"], "corners": [c[:2] for c in corners],
                                   "rays": n, "blocked": blocked, "by": by})
    for q in spec.get("probes") or []:
        out["probes"].append(px(W(*q))[:2])
    json.dump(out, open(spec["report"], "w"))


main()
